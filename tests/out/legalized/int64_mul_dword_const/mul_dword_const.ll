define dllexport void @mul_dword_const(i32 %arg0) {
bb0:
  %v0 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 0)
  %v1 = call <8 x i64> @llvm.genx.oword.ld.v8i64(i32 0, i32 %arg0, i32 4)
  %v2 = mul <8 x i64> %v0, <i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12, i64 12>
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 8, <8 x i64> %v2)
  %v4 = mul <8 x i64> %v1, <i64 3, i64 4294967295, i64 0, i64 1, i64 65537, i64 2147483648, i64 7, i64 4294967291>
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 12, <8 x i64> %v4)
  %v6 = mul <8 x i64> <i64 24, i64 24, i64 24, i64 24, i64 24, i64 24, i64 24, i64 24>, %v1
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 16, <8 x i64> %v6)
  %v8 = call <4 x i32> @llvm.genx.oword.ld.v4i32(i32 0, i32 %arg0, i32 0)
  %v9 = call i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32> %v8, i32 0, i32 1, i32 1, i16 4, i32 undef)
  %v10 = call i32 @llvm.genx.group.id.x.i32()
  %v11 = add i32 %v9, %v10
  %v12 = sext i32 %v11 to i64
  %v13 = mul i64 %v12, 12
  %v14 = call <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64> %v0, i64 %v13, i32 0, i32 1, i32 1, i16 24, i32 undef, i1 true)
  call void @llvm.genx.oword.st.v8i64(i32 %arg0, i32 20, <8 x i64> %v14)
  ret void
}

declare i32 @llvm.genx.group.id.x.i32()
declare <4 x i32> @llvm.genx.oword.ld.v4i32(i32, i32, i32)
declare <8 x i64> @llvm.genx.oword.ld.v8i64(i32, i32, i32)
declare void @llvm.genx.oword.st.v8i64(i32, i32, <8 x i64>)
declare i32 @llvm.genx.rdregioni.i32.v4i32.i16(<4 x i32>, i32, i32, i32, i16, i32)
declare <8 x i64> @llvm.genx.wrregioni.v8i64.i64.i16.i1(<8 x i64>, i64, i32, i32, i32, i16, i32, i1)

!genx.kernels = !{!0}
!0 = !{void (i32)* @mul_dword_const, !"mul_dword_const", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
