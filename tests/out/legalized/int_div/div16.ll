define dllexport void @div16(i32 %arg0) {
bb0:
  %v0 = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i16> @llvm.genx.oword.ld.v16i16(i32 0, i32 %arg0, i32 2)
  %v2 = sdiv <16 x i16> %v0, %v1
  %v3 = urem <16 x i16> %v0, %v1
  %v4 = xor <16 x i16> %v2, %v3
  call void @llvm.genx.oword.st.v16i16(i32 %arg0, i32 4, <16 x i16> %v4)
  ret void
}

declare <16 x i16> @llvm.genx.oword.ld.v16i16(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i16(i32, i32, <16 x i16>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div16, !"div16", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 64}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
