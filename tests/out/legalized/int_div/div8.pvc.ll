define dllexport void @div8(i32 %arg0) {
bb0:
  %v0 = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %arg0, i32 0)
  %v1 = call <16 x i8> @llvm.genx.oword.ld.v16i8(i32 0, i32 %arg0, i32 1)
  %v2 = udiv <16 x i8> %v0, %v1
  %v3 = srem <16 x i8> %v0, %v1
  %v4 = add <16 x i8> %v2, %v3
  call void @llvm.genx.oword.st.v16i8(i32 %arg0, i32 2, <16 x i8> %v4)
  ret void
}

declare <16 x i8> @llvm.genx.oword.ld.v16i8(i32, i32, i32)
declare void @llvm.genx.oword.st.v16i8(i32, i32, <16 x i8>)

!genx.kernels = !{!0}
!0 = !{void (i32)* @div8, !"div8", !1, i32 0, !2, !3, !4, i32 0}
!1 = !{i32 2}
!2 = !{i32 128}
!3 = !{i32 0}
!4 = !{!"buffer_t read_write"}
