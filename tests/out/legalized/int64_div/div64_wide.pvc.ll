define dllexport void @div64_wide(i32 %arg0) {
bb0:
  %v0 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i64> @llvm.genx.oword.ld.v16i64(i32 0, i32 %arg0, i32 8)
  %v9 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v0, <16 x i64> %v1)
  %v10 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v9, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v11 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v9, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v12 = ashr <16 x i64> %v10, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v13 = xor <16 x i64> %v10, %v12
  %v14 = sub <16 x i64> %v13, %v12
  %v15 = ashr <16 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v16 = xor <16 x i64> %v0, %v15
  %v17 = sub <16 x i64> %v16, %v15
  %v18 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v14, <16 x i64> %v17)
  %v19 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v18, i32 0, i32 16, i32 1, i16 0, i32 undef)
  %v20 = call <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64> %v18, i32 0, i32 16, i32 1, i16 128, i32 undef)
  %v21 = xor <16 x i64> %v20, %v12
  %v3 = sub <16 x i64> %v21, %v12
  %v4 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v0, i32 0, i32 8, i32 2, i16 8, i32 undef)
  %v5 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64> %v1, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v22 = ashr <8 x i64> %v4, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v23 = xor <8 x i64> %v4, %v22
  %v24 = sub <8 x i64> %v23, %v22
  %v25 = ashr <8 x i64> %v5, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v26 = xor <8 x i64> %v5, %v25
  %v27 = sub <8 x i64> %v26, %v25
  %v28 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v24, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v29 = call <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64> undef, <8 x i64> %v27, i32 0, i32 8, i32 1, i16 0, i32 undef, i1 true)
  %v30 = call <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %v28, <16 x i64> %v29)
  %v31 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v30, i32 0, i32 8, i32 1, i16 0, i32 undef)
  %v32 = call <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64> %v30, i32 0, i32 8, i32 1, i16 128, i32 undef)
  %v33 = xor <8 x i64> %v22, %v25
  %v34 = xor <8 x i64> %v31, %v33
  %v6 = sub <8 x i64> %v34, %v33
  call void @llvm.genx.oword.st.v16i64(i32 %arg0, i32 16, <16 x i64> %v3)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 24, <8 x i64> %v6)
  ret void
}

define internal <32 x i64> @__genxc_udivrem_i64_x16(<16 x i64> %arg0, <16 x i64> %arg1) {
bb0:
  br label %bb1
bb1:
  %v0 = phi <16 x i64> [ %arg0, %bb0 ], [ %v11, %bb1 ]
  %v1 = phi <16 x i64> [ <i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0, i64 0>, %bb0 ], [ %v9, %bb1 ]
  %v2 = phi i32 [ 64, %bb0 ], [ %v12, %bb1 ]
  %v3 = lshr <16 x i64> %v0, <i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63, i64 63>
  %v4 = shl <16 x i64> %v1, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v5 = or <16 x i64> %v4, %v3
  %v6 = shl <16 x i64> %v0, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v7 = icmp uge <16 x i64> %v5, %arg1
  %v8 = sub <16 x i64> %v5, %arg1
  %v9 = select <16 x i1> %v7, <16 x i64> %v8, <16 x i64> %v5
  %v10 = or <16 x i64> %v6, <i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1, i64 1>
  %v11 = select <16 x i1> %v7, <16 x i64> %v10, <16 x i64> %v6
  %v12 = sub i32 %v2, 1
  %v13 = icmp ne i32 %v12, 0
  br i1 %v13, label %bb1, label %bb2
bb2:
  %v14 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> undef, <16 x i64> %v11, i32 0, i32 16, i32 1, i16 0, i32 undef, i1 true)
  %v15 = call <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64> %v14, <16 x i64> %v9, i32 0, i32 16, i32 1, i16 128, i32 undef, i1 true)
  ret <32 x i64> %v15
}

declare <16 x i64> @llvm.genx.oword.ld.v16i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i64(i32, i32, <16 x i64>)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare <16 x i64> @llvm.genx.rdregioni.v16i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v16i64.i16(<16 x i64>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.rdregioni.v8i64.v32i64.i16(<32 x i64>, i32, i32, i32, i16, i32)
declare <16 x i64> @llvm.genx.wrregioni.v16i64.v8i64.i16.i1(<16 x i64>, <8 x i64>, i32, i32, i32, i16, i32, i1)
declare <32 x i64> @llvm.genx.wrregioni.v32i64.v16i64.i16.i1(<32 x i64>, <16 x i64>, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div64_wide, !"div64_wide", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
