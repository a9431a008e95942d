define dllexport void @div64_scalar(i32 %arg0, i64 %arg1, i64 %arg2) {
bb0:
  %v6 = ashr i64 %arg1, 63
  %v7 = xor i64 %arg1, %v6
  %v8 = sub i64 %v7, %v6
  %v9 = ashr i64 %arg2, 63
  %v10 = xor i64 %arg2, %v9
  %v11 = sub i64 %v10, %v9
  %v12 = call <2 x i64> @__genxc_udivrem_i64_x1(i64 %v8, i64 %v11)
  %v13 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v12, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v14 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v12, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v15 = xor i64 %v6, %v9
  %v16 = xor i64 %v13, %v15
  %v0 = sub i64 %v16, %v15
  %v17 = call <2 x i64> @__genxc_udivrem_i64_x1(i64 %arg1, i64 %arg2)
  %v18 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v17, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v19 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v17, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v20 = call <2 x i64> @__genxc_udivrem_i64_x1(i64 %v0, i64 1000000007)
  %v21 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v20, i32 0, i32 1, i32 1, i16 0, i32 undef)
  %v22 = call i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64> %v20, i32 0, i32 1, i32 1, i16 8, i32 undef)
  %v3 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> undef, i64 %v21, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v4 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> %v3, i64 %v19, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v2i64(i32 %arg0, i32 0, <2 x i64> %v4)
  ret void
}

define internal <2 x i64> @__genxc_udivrem_i64_x1(i64 %arg0, i64 %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi i64 [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi i64 [ 0, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr i64 %v0, 63
  %v4 = shl i64 %v1, 1
  %v5 = or i64 %v4, %v3
  %v6 = shl i64 %v0, 1
  %v7 = icmp uge i64 %v5, %arg1
  %v8 = sub i64 %v5, %arg1
  %v9 = select i1 %v7, i64 %v8, i64 %v5
  %v10 = or i64 %v6, 1
  %v11 = select i1 %v7, i64 %v10, i64 %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v14 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> undef, i64 %v11, i32 0, i32 1, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64> %v14, i64 %v9, i32 0, i32 1, i32 1, i16 8, i32 undef, i1 true)
  ret <2 x i64> %v15
}

declare void @llvm.genx.oword.st.v2i64(i32, i32, <2 x i64>)
declare i64 @llvm.genx.rdregioni.i64.v2i64.i16(<2 x i64>, i32, i32, i32, i16, i32)
declare <2 x i64> @llvm.genx.wrregioni.v2i64.i64.i16.i1(<2 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32, i64, i64)* @div64_scalar, !"div64_scalar", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2, i32 0, i32 0}
!2 = !{i32 128, i32 136, i32 144}
!3 = !{i32 0, i32 0, i32 0}
!4 = !{!"buffer_t read_write", !"", !""}
